-- Mails whose job already ended keep only their summary (recipient, subject), as the outbox now does
-- for every end: given-up mails still held their bodies and one-time links (issue 28).
UPDATE "outbox" SET "payload" = jsonb_build_object('to', "payload"->'to', 'subject', "payload"->'subject', 'cleared', true)
WHERE "kind" = 'mail' AND "status" IN ('done', 'failed') AND NOT ("payload" ? 'cleared') AND NOT ("payload" ? 'erased');
