import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The web app lives in src/web and builds into dist/web, which the server serves.
 * In development Vite serves the app on 5173 and forwards /api to the API server
 * (PORT, default 5000), so cookies stay same-origin exactly as in production.
 */
export default defineConfig({
  root: fromRoot("./src/web"),
  envDir: fromRoot("./"),
  publicDir: fromRoot("./src/web/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@core": fromRoot("./src/core"),
      "@web": fromRoot("./src/web"),
    },
  },
  build: {
    outDir: fromRoot("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The plan price markup is shared by /pricing and the sign-up plan step; in a chunk of its own it was
        // one more script /pricing fetched before its largest paint (Lighthouse 97 → 96). In /pricing's chunk it
        // costs the plan step 3 KB it loads after the heading has painted. Only these two modules: the rest of
        // the app keeps its automatic chunks.
        advancedChunks: {
          groups: [{ name: "pricing-page", test: /src\/web\/(public-site\/pricing-page|components\/plan-price)\.tsx$/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: `http://localhost:${process.env.PORT ?? 5000}`, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
