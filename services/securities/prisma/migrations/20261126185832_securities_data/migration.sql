-- CreateTable
CREATE TABLE "currency" (
    "iso_code" CHAR(3) NOT NULL,
    "name" TEXT NOT NULL,
    "decimal_places" INTEGER NOT NULL DEFAULT 2,

    CONSTRAINT "currency_pkey" PRIMARY KEY ("iso_code")
);

-- CreateTable
CREATE TABLE "fx_rate" (
    "currency_code" CHAR(3) NOT NULL,
    "date" DATE NOT NULL,
    "gbp_per_unit" DECIMAL(24,12) NOT NULL,
    "set_by_name" TEXT NOT NULL DEFAULT '',
    "set_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fx_rate_pkey" PRIMARY KEY ("currency_code","date")
);

-- CreateTable
CREATE TABLE "issuer" (
    "uuid" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "long_name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "issuer_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "security" (
    "id" SERIAL NOT NULL,
    "sedol" VARCHAR(7) NOT NULL,
    "isin" VARCHAR(12) NOT NULL,
    "issuer_uuid" UUID NOT NULL,
    "security_name" TEXT NOT NULL,
    "reporting_name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "long_description" TEXT NOT NULL DEFAULT '',
    "currency_code" CHAR(3) NOT NULL,
    "asset_class" TEXT NOT NULL,
    "cgt_class" TEXT NOT NULL,
    "quantity_decimal_places" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "security_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "security_price" (
    "security_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "price" DECIMAL(24,8) NOT NULL,
    "currency_code" CHAR(3) NOT NULL,
    "price_gbp" DECIMAL(24,8) NOT NULL,
    "source" TEXT NOT NULL,
    "set_by_name" TEXT NOT NULL DEFAULT '',
    "set_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "security_price_pkey" PRIMARY KEY ("security_id","date")
);

-- CreateTable
CREATE TABLE "static_data_change" (
    "uuid" UUID NOT NULL,
    "entity_type" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entity_id" TEXT,
    "entity_label" TEXT NOT NULL DEFAULT '',
    "organisation_uuid" UUID NOT NULL,
    "proposed_by_uuid" UUID NOT NULL,
    "proposed_by_name" TEXT NOT NULL DEFAULT '',
    "proposed_by_email" TEXT NOT NULL DEFAULT '',
    "proposed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "old_values" JSONB NOT NULL,
    "new_values" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "reviewed_by_uuid" UUID,
    "reviewed_by_name" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "note" TEXT,

    CONSTRAINT "static_data_change_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "audit_entry" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_uuid" UUID NOT NULL,
    "actor_name" TEXT NOT NULL DEFAULT '',
    "organisation_uuid" UUID NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "old_values" JSONB,
    "new_values" JSONB,
    "change_uuid" UUID,

    CONSTRAINT "audit_entry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "issuer_name_idx" ON "issuer"("name");

-- CreateIndex
CREATE UNIQUE INDEX "security_sedol_key" ON "security"("sedol");

-- CreateIndex
CREATE UNIQUE INDEX "security_isin_key" ON "security"("isin");

-- CreateIndex
CREATE INDEX "security_issuer_uuid_idx" ON "security"("issuer_uuid");

-- CreateIndex
CREATE INDEX "security_security_name_idx" ON "security"("security_name");

-- CreateIndex
CREATE INDEX "static_data_change_status_organisation_uuid_idx" ON "static_data_change"("status", "organisation_uuid");

-- CreateIndex
CREATE INDEX "audit_entry_entity_type_entity_id_idx" ON "audit_entry"("entity_type", "entity_id");

-- AddForeignKey
ALTER TABLE "fx_rate" ADD CONSTRAINT "fx_rate_currency_code_fkey" FOREIGN KEY ("currency_code") REFERENCES "currency"("iso_code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "security" ADD CONSTRAINT "security_issuer_uuid_fkey" FOREIGN KEY ("issuer_uuid") REFERENCES "issuer"("uuid") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "security_price" ADD CONSTRAINT "security_price_security_id_fkey" FOREIGN KEY ("security_id") REFERENCES "security"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
