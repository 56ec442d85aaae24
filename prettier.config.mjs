/** Close to the code as written: double quotes, semicolons, trailing commas, long lines. */
const config = {
  printWidth: 130,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./src/app/globals.css",
};

export default config;
