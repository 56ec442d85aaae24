export { default, metadata } from "../insights/page";
