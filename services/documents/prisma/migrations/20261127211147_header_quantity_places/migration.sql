-- AlterTable
ALTER TABLE "header" ADD COLUMN     "quantity_decimal_places" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "header_line" ADD COLUMN     "quantity_decimal_places" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "preview" ADD COLUMN     "consideration" DECIMAL(24,2),
ADD COLUMN     "ord" INTEGER NOT NULL DEFAULT 0;
