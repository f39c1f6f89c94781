-- CreateTable
CREATE TABLE "import_task" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_hash" TEXT NOT NULL,
    "file_key" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "rows_read" INTEGER NOT NULL DEFAULT 0,
    "rows_posted" INTEGER NOT NULL DEFAULT 0,
    "rows_rejected" INTEGER NOT NULL DEFAULT 0,
    "rows_skipped" INTEGER NOT NULL DEFAULT 0,
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "rejected" JSONB NOT NULL DEFAULT '[]',
    "message" TEXT NOT NULL DEFAULT '',
    "started_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "imported_row" (
    "organisation_uuid" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "natural_key" TEXT NOT NULL,
    "task_id" INTEGER NOT NULL,

    CONSTRAINT "imported_row_pkey" PRIMARY KEY ("organisation_uuid","kind","natural_key")
);

-- CreateTable
CREATE TABLE "custodian_break" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "task_id" INTEGER NOT NULL,
    "portfolio_id" INTEGER NOT NULL,
    "security_id" INTEGER NOT NULL,
    "as_at" DATE NOT NULL,
    "custodian_quantity" DECIMAL(24,8) NOT NULL,
    "ledger_quantity" DECIMAL(24,8) NOT NULL,
    "difference" DECIMAL(24,8) NOT NULL,
    "code" TEXT NOT NULL DEFAULT 'CUSTODIAN_HOLDING_MISMATCH',
    "severity" INTEGER NOT NULL DEFAULT 2,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custodian_break_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "import_task_uuid_key" ON "import_task"("uuid");

-- CreateIndex
CREATE INDEX "import_task_organisation_uuid_created_at_idx" ON "import_task"("organisation_uuid", "created_at");

-- CreateIndex
CREATE INDEX "import_task_organisation_uuid_kind_file_hash_idx" ON "import_task"("organisation_uuid", "kind", "file_hash");

-- CreateIndex
CREATE UNIQUE INDEX "custodian_break_uuid_key" ON "custodian_break"("uuid");

-- CreateIndex
CREATE INDEX "custodian_break_organisation_uuid_portfolio_id_security_id_idx" ON "custodian_break"("organisation_uuid", "portfolio_id", "security_id");
