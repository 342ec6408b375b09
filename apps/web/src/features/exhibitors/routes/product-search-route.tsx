import { SearchScreen } from '../components/search-screen.tsx';

/** /exhibit/product/search?keyword=…: the meeting's products whose title matches, matches marked. */
export function Component() {
  return <SearchScreen kind="products" />;
}
