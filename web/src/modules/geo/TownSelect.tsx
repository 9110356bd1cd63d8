import { NativeSelect } from "@chakra-ui/react";
import { useTownChoicesQuery } from "../../generated/reference";
import "../../ui/more-recipes";

/**
 * The department's towns, grouped by EPCI (spec §1); the value is the INSEE code. `noTownLabel`:
 * the empty choice is a value of its own (« Commune à préciser »), not a prompt to choose.
 */
export function TownSelect({
  value,
  onChange,
  id,
  noTownLabel,
  ...aria
}: {
  value: string;
  onChange: (inseeCode: string) => void;
  id?: string;
  noTownLabel?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  const { data, loading } = useTownChoicesQuery();
  return (
    <NativeSelect.Root disabled={loading}>
      <NativeSelect.Field id={id} {...aria} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{loading ? "Chargement des communes…" : (noTownLabel ?? "Choisissez une commune")}</option>
        {data?.townGroups.map((group) => (
          <optgroup key={group.epci} label={group.epci}>
            {group.towns.map((town) => (
              <option key={town.inseeCode} value={town.inseeCode}>
                {town.city} ({town.postcodes[0]})
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
