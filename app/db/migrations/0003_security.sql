-- Secrets at rest (ADR 0014): mails already sent keep only their subject; their bodies carried
-- one-time links (confirmation, password reset). Pending and failed mails are left as they are.
UPDATE "outbox" SET "payload" = jsonb_build_object('subject', "payload"->'subject', 'cleared', true)
WHERE "kind" = 'mail' AND "status" = 'done' AND NOT ("payload" ? 'cleared');
