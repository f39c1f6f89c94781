-- AlterTable
ALTER TABLE "report" ADD COLUMN     "job_uuid" UUID;

-- CreateTable
CREATE TABLE "job" (
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "progress_done" BIGINT NOT NULL DEFAULT 0,
    "progress_total" BIGINT NOT NULL DEFAULT 0,
    "candidates" BIGINT NOT NULL DEFAULT 0,
    "successes" BIGINT NOT NULL DEFAULT 0,
    "failures" BIGINT NOT NULL DEFAULT 0,
    "object_kind" TEXT NOT NULL DEFAULT '',
    "object_id" TEXT NOT NULL DEFAULT '',
    "started_by_user_id" TEXT NOT NULL DEFAULT '',
    "started_by_name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "trace_id" TEXT NOT NULL DEFAULT '',
    "trace_parent" TEXT,
    "message" TEXT NOT NULL DEFAULT '',
    "input" JSONB NOT NULL DEFAULT '{}',
    "cursor" JSONB,
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "cancel_requested" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "job_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "job_failure" (
    "id" BIGSERIAL NOT NULL,
    "job_uuid" UUID NOT NULL,
    "line" INTEGER NOT NULL DEFAULT 0,
    "column" TEXT NOT NULL DEFAULT '',
    "key" TEXT NOT NULL DEFAULT '',
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_failure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "job_status_lease_expires_at_idx" ON "job"("status", "lease_expires_at");

-- CreateIndex
CREATE INDEX "job_organisation_uuid_created_at_idx" ON "job"("organisation_uuid", "created_at" DESC);

-- CreateIndex
CREATE INDEX "job_failure_job_uuid_line_idx" ON "job_failure"("job_uuid", "line");

-- CreateIndex
CREATE UNIQUE INDEX "report_job_uuid_key" ON "report"("job_uuid");

-- AddForeignKey
ALTER TABLE "job_failure" ADD CONSTRAINT "job_failure_job_uuid_fkey" FOREIGN KEY ("job_uuid") REFERENCES "job"("uuid") ON DELETE CASCADE ON UPDATE CASCADE;
