-- DropTable
DROP TABLE "known_client";
