import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { product } from './src/shared/product.ts';

/** The page title and description come from the one product module. */
function productIdentity(): Plugin {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return {
    name: 'product-identity',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%PRODUCT_NAME%', escape(product.name))
        .replaceAll('%PRODUCT_DESCRIPTION%', escape(product.description)),
  };
}

// The client build: hashed files under /assets, precompressed with brotli and
// gzip so the server sends them without compressing at request time.
export default defineConfig({
  plugins: [
    react(),
    productIdentity(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt|map)$/ }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
});
