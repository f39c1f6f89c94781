-- CreateTable
CREATE TABLE "annual_exempt_amount_changes" (
    "id" BIGSERIAL NOT NULL,
    "tax_year" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "actor_uuid" UUID NOT NULL,
    "actor_name" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "annual_exempt_amount_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "annual_exempt_amount_changes_tax_year_id_idx" ON "annual_exempt_amount_changes"("tax_year", "id");
