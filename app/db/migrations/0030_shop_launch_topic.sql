-- Issue 27: "tell me when it opens" also for the shop (the cart's last step while no store is connected).
ALTER TABLE "launch_notifications" DROP CONSTRAINT "launch_notifications_topic_check";--> statement-breakpoint
ALTER TABLE "launch_notifications" ADD CONSTRAINT "launch_notifications_topic_check" CHECK ("topic" in ('academy', 'tandem', 'shop'));
