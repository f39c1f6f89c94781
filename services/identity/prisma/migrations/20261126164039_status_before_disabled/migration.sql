-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "status_before_disabled" TEXT;

-- AlterTable
ALTER TABLE "invitation" ADD COLUMN     "status_before_disabled" TEXT;
