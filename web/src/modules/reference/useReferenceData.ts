import { useMemo } from "react";
import { useLabelsQuery } from "../../generated/reference";

/** Labels come from the server's reference data, so the web never writes them twice. */
export function useLabels() {
  const { data } = useLabelsQuery();
  return useMemo(() => {
    const reference = data?.referenceData;
    const map = (options: { value: string; label: string }[] | undefined) =>
      new Map((options ?? []).map((option) => [option.value, option.label]));
    const ages = map(reference?.ages);
    const categories = map(reference?.categories);
    const thematics = map(reference?.thematics);
    const networks = map(reference?.networks);
    const serviceTypes = map(reference?.serviceTypes);
    const label = (labels: Map<string, string>) => (value: string) => labels.get(value) ?? value;
    return {
      age: label(ages),
      category: label(categories),
      thematic: label(thematics),
      network: label(networks),
      serviceType: label(serviceTypes),
    };
  }, [data]);
}
