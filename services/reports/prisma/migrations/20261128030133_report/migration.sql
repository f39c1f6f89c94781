-- CreateTable
CREATE TABLE "report" (
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "client_uuid" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "generation" INTEGER NOT NULL,
    "batch_id" UUID,
    "user_uuid" TEXT NOT NULL,
    "user_name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "file_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "delivery" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_pkey" PRIMARY KEY ("uuid")
);

-- CreateIndex
CREATE INDEX "report_organisation_uuid_client_uuid_created_at_idx" ON "report"("organisation_uuid", "client_uuid", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "report_organisation_uuid_client_uuid_kind_subject_version_key" ON "report"("organisation_uuid", "client_uuid", "kind", "subject", "version");
