-- CreateTable
CREATE TABLE "invitation" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'NEW_PASSWORD_REQUIRED',
    "organisation_uuids" UUID[],
    "invited_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invitation_uuid_key" ON "invitation"("uuid");

-- CreateIndex
CREATE INDEX "invitation_email_idx" ON "invitation"("email");
