-- CreateTable
CREATE TABLE "income_diary" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "security_id" INTEGER NOT NULL,
    "sedol" TEXT NOT NULL DEFAULT '',
    "isin" TEXT NOT NULL DEFAULT '',
    "security_name" TEXT NOT NULL DEFAULT '',
    "quantity_decimal_places" INTEGER NOT NULL DEFAULT 0,
    "income_type" TEXT NOT NULL,
    "document_type_id" INTEGER NOT NULL,
    "layer_uuid" UUID NOT NULL,
    "rate" DECIMAL(24,10) NOT NULL,
    "per_parent" DECIMAL(24,10) NOT NULL DEFAULT 1,
    "next_ex_date" DATE NOT NULL,
    "next_pay_date" DATE NOT NULL,
    "schedule_ex_date" DATE NOT NULL,
    "schedule_pay_date" DATE NOT NULL,
    "steps_taken" INTEGER NOT NULL DEFAULT 0,
    "frequency" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "end_date" DATE,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_name" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "income_diary_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "income_diary_header" (
    "id" SERIAL NOT NULL,
    "diary_id" INTEGER NOT NULL,
    "ex_date" DATE NOT NULL,
    "pay_date" DATE NOT NULL,
    "header_uuid" UUID,
    "failure_reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "income_diary_header_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "income_diary_uuid_key" ON "income_diary"("uuid");

-- CreateIndex
CREATE INDEX "income_diary_organisation_uuid_active_next_ex_date_idx" ON "income_diary"("organisation_uuid", "active", "next_ex_date");

-- CreateIndex
CREATE INDEX "income_diary_active_next_ex_date_idx" ON "income_diary"("active", "next_ex_date");

-- CreateIndex
CREATE UNIQUE INDEX "income_diary_header_diary_id_ex_date_key" ON "income_diary_header"("diary_id", "ex_date");

-- AddForeignKey
ALTER TABLE "income_diary" ADD CONSTRAINT "income_diary_document_type_id_fkey" FOREIGN KEY ("document_type_id") REFERENCES "document_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "income_diary_header" ADD CONSTRAINT "income_diary_header_diary_id_fkey" FOREIGN KEY ("diary_id") REFERENCES "income_diary"("id") ON DELETE CASCADE ON UPDATE CASCADE;
