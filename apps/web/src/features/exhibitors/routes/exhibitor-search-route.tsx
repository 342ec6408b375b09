import { SearchScreen } from '../components/search-screen.tsx';

/** /exhibit/exhibitor/search?keyword=…: exhibitors whose name matches, matches marked. */
export function Component() {
  return <SearchScreen kind="exhibitors" />;
}
