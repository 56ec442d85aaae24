/** Close to the code as written: double quotes, semicolons, trailing commas, long lines. */
export default {
  printWidth: 130,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./src/app/globals.css",
};
