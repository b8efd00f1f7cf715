DROP INDEX "invoice_payments_received_idx";--> statement-breakpoint
DROP INDEX "invoices_issued_idx";--> statement-breakpoint
CREATE INDEX "invoices_owed_idx" ON "invoices" USING btree ("due_on","id","total") WHERE "invoices"."status" in ('open', 'partially_paid');--> statement-breakpoint
CREATE INDEX "invoice_payments_received_idx" ON "invoice_payments" USING btree ("received_on","invoice_id","tip");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on","status","taxable_amount","non_taxable_amount","tax","prices_include_tax");