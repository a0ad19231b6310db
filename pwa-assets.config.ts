import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// Every icon is generated at build time from the one source image (pwa/public/icon.svg):
// 64/192/512 px "any" icons, 192/512 px maskable icons (padded on the brand colour so a
// launcher's mask never cuts the mark), the 180 px apple-touch-icon and favicon.ico.
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, sizes: [192, 512], resizeOptions: { background: '#2b3f99' } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: '#2b3f99' } },
  },
  images: ['pwa/public/icon.svg'],
});
