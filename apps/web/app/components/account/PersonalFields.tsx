import { PASSENGER_TITLES } from "@deals/domain/validation";
import type { FieldErrors } from "../../lib/forms.ts";
import { Field } from "../Field.tsx";

interface PersonalFieldsProps {
  values: Partial<Record<string, string>> | undefined;
  errors: FieldErrors | undefined;
}

/** First and last name. */
export function NameFields({ values, errors }: PersonalFieldsProps) {
  return (
    <>
      <Field
        name="firstName"
        label="First name"
        autoComplete="given-name"
        defaultValue={values?.firstName}
        error={errors?.firstName}
        required
      />
      <Field
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        defaultValue={values?.lastName}
        error={errors?.lastName}
        required
      />
    </>
  );
}

/** Title (optional) and name, as on registration and the personal info page. */
export function PersonalFields({ values, errors }: PersonalFieldsProps) {
  return (
    <>
      <div className="field">
        <label htmlFor="title">
          Title<span className="field__optional"> (optional)</span>
        </label>
        <select id="title" name="title" defaultValue={values?.title ?? ""}>
          <option value="">Choose…</option>
          {PASSENGER_TITLES.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <NameFields values={values} errors={errors} />
    </>
  );
}
