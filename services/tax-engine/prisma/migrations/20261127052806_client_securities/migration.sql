-- CreateTable
CREATE TABLE "client_security" (
    "client_uuid" UUID NOT NULL,
    "security_id" INTEGER NOT NULL,
    "organisation_uuid" UUID NOT NULL,

    CONSTRAINT "client_security_pkey" PRIMARY KEY ("client_uuid","security_id")
);

-- CreateIndex
CREATE INDEX "client_security_security_id_idx" ON "client_security"("security_id");
