import { defineConfig } from 'prisma/config';
import { servicePrismaConfig } from '@gains/db/prisma-config';

export default defineConfig(servicePrismaConfig(import.meta.dirname));
