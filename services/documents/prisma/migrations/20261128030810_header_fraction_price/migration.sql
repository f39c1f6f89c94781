-- AlterTable
ALTER TABLE "header" ADD COLUMN     "fraction_price" DECIMAL(24,8);
