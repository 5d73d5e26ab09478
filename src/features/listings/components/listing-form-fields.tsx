import { Checkbox, Flex, Select, Switch, Text } from '@radix-ui/themes';
import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { Field, TextAreaInput, TextInput } from '@/components/form-field';
import type { FieldErrors } from '@/lib/use-form';
import { LISTING_DISTANCES } from '@/shared/constants';
import type { ListingFormValues } from '../listing-form';
import { PlaceInput } from '@/components/place-input';
import { ImagePicker } from './image-picker';
import { WantOptionsInput } from './want-options-input';
import '../listings.css';
import { useCategories } from '@/lib/categories';
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';
import { localText } from '@/lib/local-text';

export interface ListingFormState<T extends ListingFormValues> {
  values: T;
  errors: FieldErrors;
  setField: <K extends keyof T>(name: K, value: T[K]) => void;
  setValues: Dispatch<SetStateAction<T>>;
  /** Shows a field's message once the member leaves it (none before). */
  touch: (name: keyof T & string) => void;
}

interface Props<T extends ListingFormValues> {
  form: ListingFormState<T>;
  /** Create says 'Please select at least one category', edit 'Select at least one category'. */
  categoryMessage: string;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The listing fields (docs/api/listings.md, "Writing listings"), shared by the Create and Edit
 * Listing dialogs: photos first (what members look at first), then the words. A field shows its
 * message only once the member has left it or tried to submit.
 */
export function ListingFormFields<T extends ListingFormValues>({ form, categoryMessage, onBusyChange }: Props<T>) {
  const { values, errors, setField, setValues, touch } = form;
  return (
    <Flex direction="column" gap="4">
      <ImagePicker
        images={values.imageUrls}
        onAdd={(paths) => setValues((previous) => ({ ...previous, imageUrls: [...previous.imageUrls, ...paths] }))}
        onRemove={(path) =>
          setValues((previous) => ({ ...previous, imageUrls: previous.imageUrls.filter((p) => p !== path) }))
        }
        onBusyChange={onBusyChange}
      />
      {errors.imageUrls && (
        <Text size="1" color="red" role="alert">
          {localText(errors.imageUrls)}
        </Text>
      )}
      <TextInput
        label={m.listings_field_title()}
        required
        value={values.title}
        onValueChange={(v) => setField('title', v)}
        onBlur={() => touch('title')}
        error={errors.title}
        placeholder={m.listings_field_title_placeholder()}
        maxLength={100}
      />
      <TextAreaInput
        label={m.listings_description()}
        required
        value={values.description}
        onValueChange={(v) => setField('description', v)}
        onBlur={() => touch('description')}
        error={errors.description}
        placeholder={m.listings_field_description_placeholder()}
        rows={4}
        maxLength={2000}
      />
      <CategoryChecks
        selected={values.categoriesOffered}
        onChange={(slugs) => setField('categoriesOffered', slugs)}
        onLeave={() => touch('categoriesOffered')}
        message={categoryMessage}
        error={errors.categoriesOffered}
      />
      <TextInput
        label={m.listings_field_wants()}
        required
        value={values.whatUserWants}
        onValueChange={(v) => setField('whatUserWants', v)}
        onBlur={() => touch('whatUserWants')}
        error={errors.whatUserWants}
        placeholder={m.listings_field_wants_placeholder()}
        maxLength={200}
      />
      <WantOptionsInput
        options={values.whatUserWantsOptions}
        onChange={(options) => setField('whatUserWantsOptions', options)}
        error={errors.whatUserWantsOptions}
      />
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={values.acceptOffers} onCheckedChange={(checked) => setField('acceptOffers', checked)} />
          {m.listings_field_accept_offers()}
        </Flex>
      </Text>
      <Flex gap="4" direction={{ initial: 'column', sm: 'row' }}>
        <div style={{ flex: 2, minWidth: 0 }} onBlur={() => touch('location')}>
          <Field label={m.listings_location()} required error={errors.location} hint={m.listings_field_location_hint()}>
            {({ id, describedBy, invalid }) => (
              <PlaceInput
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                aria-required
                value={values.location}
                onValueChange={(v) => setField('location', v)}
                placeholder={m.listings_field_location_placeholder()}
                maxLength={100}
              />
            )}
          </Field>
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Field label={m.listings_field_distance()} error={errors.distance}>
            {({ id, describedBy }) => (
              <Select.Root value={String(values.distance)} onValueChange={(v) => setField('distance', Number(v))}>
                <Select.Trigger id={id} aria-describedby={describedBy} style={{ width: '100%' }} />
                <Select.Content position="popper">
                  {LISTING_DISTANCES.map((miles) => (
                    <Select.Item key={miles} value={String(miles)}>
                      {fmt.distance(miles, 'long')}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        </div>
      </Flex>
    </Flex>
  );
}

interface CategoryChecksProps {
  selected: string[];
  onChange: (slugs: string[]) => void;
  onLeave: () => void;
  message: string;
  error?: string | undefined;
}

function CategoryChecks({ selected, onChange, onLeave, message, error }: CategoryChecksProps) {
  const categories = useCategories();
  const id = useId();
  const [unchecked, setUnchecked] = useState(false);
  const toggle = (slug: string, checked: boolean) => {
    const next = checked ? [...selected, slug] : selected.filter((s) => s !== slug);
    // Clearing the last choice is a touch: the rule shows at once.
    if (next.length === 0) setUnchecked(true);
    onChange(next);
  };
  const shown = error ? localText(error) : unchecked && selected.length === 0 ? message : undefined;
  return (
    <fieldset
      className="category-checks"
      aria-describedby={shown ? `${id}-message` : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      <legend className="form-legend">
        {m.listings_field_categories()}
        <Text color="red" aria-hidden="true">
          {' '}
          *
        </Text>
      </legend>
      {categories.map((category) => (
        <Text as="label" size="2" key={category.slug}>
          <Flex gap="2" align="center">
            <Checkbox
              checked={selected.includes(category.slug)}
              onCheckedChange={(checked) => toggle(category.slug, checked === true)}
            />
            {category.name}
          </Flex>
        </Text>
      ))}
      {shown && (
        <Text id={`${id}-message`} size="1" color="red" data-testid="field-error" style={{ gridColumn: '1 / -1' }}>
          {shown}
        </Text>
      )}
    </fieldset>
  );
}
