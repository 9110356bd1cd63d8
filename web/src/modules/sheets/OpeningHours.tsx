import { Box, chakra, Heading, Stack, Text } from "@chakra-ui/react";
import type { OpeningState } from "../../generated/sheets";
import type { ServiceHoursFragment } from "../../generated/sheet-editing";
import { OpeningStatusText } from "./OpeningStatusText";

const cell = { px: "3", py: "2", borderBottomWidth: "1px", borderColor: "gray.200", textAlign: "start" } as const;

/** Today's row in the week (0 = Monday), from a Paris day (YYYY-MM-DD). */
export const weekdayIndex = (day: string): number => {
  const [year, month, date] = day.split("-").map(Number);
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
};

/**
 * The sheet's hours: a table of the week (today's row marked), then temporary closures and
 * exceptional openings; « Horaires non renseignés » when the sheet gives none.
 */
export function OpeningHoursSection({
  hours,
  status,
  todayIndex,
}: {
  hours: ServiceHoursFragment | null;
  status: { state: OpeningState; label: string } | null;
  /** 0 = Monday, in Paris. */
  todayIndex: number;
}) {
  return (
    <Box as="section" aria-labelledby="hours-heading">
      <Heading as="h2" size="lg" id="hours-heading" mb="2">
        Horaires
      </Heading>
      {!hours ? (
        <Text color="gray.700">Horaires non renseignés : appelez avant de vous déplacer.</Text>
      ) : (
        <Stack gap="3">
          <OpeningStatusText status={status} />
          <chakra.table width="100%" maxW="md" borderCollapse="collapse" bg="white" borderWidth="1px">
            <chakra.caption srOnly>Horaires de la semaine (heure de Paris)</chakra.caption>
            <tbody>
              {hours.week.map((day, index) => (
                <chakra.tr
                  key={day.day}
                  bg={index === todayIndex ? "brand.50" : undefined}
                  fontWeight={index === todayIndex ? "semibold" : undefined}
                >
                  <chakra.th scope="row" {...cell} fontWeight="semibold" width="40%">
                    {day.label}
                    {index === todayIndex && (
                      <Text as="span" srOnly>
                        {" "}
                        (aujourd'hui)
                      </Text>
                    )}
                  </chakra.th>
                  <chakra.td {...cell} color={day.summary === "Fermé" ? "gray.700" : "gray.900"}>
                    {day.summary}
                  </chakra.td>
                </chakra.tr>
              ))}
            </tbody>
          </chakra.table>
          {hours.closedOnPublicHolidays && <Text color="gray.700">Fermé les jours fériés.</Text>}
          {hours.closures.length > 0 && (
            <Stack gap="1">
              <Heading as="h3" size="md">
                Fermetures temporaires
              </Heading>
              <Stack as="ul" gap="1" ps="5">
                {hours.closures.map((closure) => (
                  <li key={`${closure.from}-${closure.to}`}>
                    {closure.summary}
                    {closure.note ? ` : ${closure.note}` : ""}
                  </li>
                ))}
              </Stack>
            </Stack>
          )}
          {hours.specialOpenings.length > 0 && (
            <Stack gap="1">
              <Heading as="h3" size="md">
                Ouvertures exceptionnelles
              </Heading>
              <Stack as="ul" gap="1" ps="5">
                {hours.specialOpenings.map((opening) => (
                  <li key={opening.date}>
                    {opening.summary}
                    {opening.note ? ` (${opening.note})` : ""}
                  </li>
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}
