/** Close to the code as written: double quotes, semicolons, trailing commas; 140 columns keep most of its long lines whole. */
const config = {
  printWidth: 140,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./src/app/globals.css",
};

export default config;
