// npm run dev: the API with hot reload (tsx watch) on PORT (5000) and Vite's dev server on 5173 proxying /api to it.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], { stdio: "inherit", env: { ...process.env, WEB_DIST_DIR: "none" } }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
console.log("API on http://localhost:%s, web app with hot reload on http://localhost:5173", process.env.PORT ?? 5000);
