export type { StoreItem, StoreCategory, ItemList } from "../../../server/catalogue/catalogue.ts";
