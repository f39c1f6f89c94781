-- AlterTable
ALTER TABLE "organisation" ADD COLUMN     "customer" JSONB;

-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "mfa_last_step" BIGINT,
ADD COLUMN     "mfa_pending_secret" TEXT,
ADD COLUMN     "mfa_secret" TEXT;

-- CreateTable
CREATE TABLE "refresh_token" (
    "token_hash" TEXT NOT NULL,
    "session_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "refresh_token_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "password_reset" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "password_reset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attempt_throttle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_start_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "attempt_throttle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "mail_message" (
    "id" UUID NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_level" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "service_level" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "service_level_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_level_report_type" (
    "id" SERIAL NOT NULL,
    "service_level_id" INTEGER NOT NULL,
    "report_type_id" INTEGER NOT NULL,
    "generate" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "service_level_report_type_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "refresh_token_session_id_idx" ON "refresh_token"("session_id");

-- CreateIndex
CREATE INDEX "password_reset_user_id_created_at_idx" ON "password_reset"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "mail_message_to_address_sent_at_idx" ON "mail_message"("to_address", "sent_at");

-- CreateIndex
CREATE UNIQUE INDEX "service_level_uuid_key" ON "service_level"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "service_level_code_key" ON "service_level"("code");

-- CreateIndex
CREATE UNIQUE INDEX "service_level_report_type_service_level_id_report_type_id_key" ON "service_level_report_type"("service_level_id", "report_type_id");

-- CreateIndex
CREATE INDEX "audit_entry_at_idx" ON "audit_entry"("at");

-- AddForeignKey
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_service_level_id_fkey" FOREIGN KEY ("service_level_id") REFERENCES "service_level"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_level_report_type" ADD CONSTRAINT "service_level_report_type_service_level_id_fkey" FOREIGN KEY ("service_level_id") REFERENCES "service_level"("id") ON DELETE CASCADE ON UPDATE CASCADE;
