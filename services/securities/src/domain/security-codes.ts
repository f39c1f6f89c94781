// The check-digit rules live in @gains/contracts, shared with the demo data (and the web app if it wants them).
export * from '@gains/contracts/security-codes';
