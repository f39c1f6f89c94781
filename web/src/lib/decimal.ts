// The web app's exact decimals are the workspace's (@gains/decimal): the same arithmetic as the services'.
export * from '@gains/decimal';
