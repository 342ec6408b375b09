import type { Category } from '@app/contracts';
import { localize } from '@app/domain';
import type { ChipOption } from '../../../components/ui/chips.tsx';

/** Categories as filter chip options in the display language. */
export function categoryOptions(categories: Category[] | undefined, language: string): ChipOption[] {
  return (categories ?? []).map((category) => ({
    value: category._id.$id,
    label: localize(category.title, language),
  }));
}
