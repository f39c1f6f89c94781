import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd 5 draws a few things outside the React tree (the click wave, static notices) with React's old render,
 * which React 19 no longer has: without this it warns "antd v5 support React is 16 ~ 18" on the first click.
 * This is antd's documented hook for React 19.
 */
unstableSetRender((node, container) => {
  const host = container as Element & { gainsRoot?: Root };
  host.gainsRoot ??= createRoot(host);
  const root = host.gainsRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.gainsRoot;
  };
});
