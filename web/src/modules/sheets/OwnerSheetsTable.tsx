import { Button, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { type ServiceFullFragment, useServicesOfOwnerQuery } from "../../generated/sheet-editing";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ConfirmSheetButton } from "./ConfirmSheetButton";
import { useDeleteSheet } from "./useDeleteSheet";
import "../../ui/more-recipes";
import { ErrorState } from "../../ui/ErrorState";
import { focusWhenLost } from "../../ui/focus-when-lost";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

const SheetFormDialog = lazyLoad(() => import("./SheetFormDialog"));

const COLUMNS = ["Actions", "Nom", "Mise à jour", "Gestionnaire", "Téléphone fixe", "Téléphone portable", "Adresse"];
export const NO_OWN_SHEET = "Aucun service n'est rattaché à votre compte.";
/** While a service dialog's code loads. */
const FORM_LOADING = (
  <Text role="status" color="gray.700" mt="2">
    Chargement du formulaire…
  </Text>
);

/**
 * Profile, "Mes Services" (spec §8): the services of the signed-in partner, to create, see, edit
 * or delete (professional partners keep their own sheets up to date).
 */
export function OwnerSheetsTable({ owner }: { owner: { id: string; name: string; surname: string } }) {
  const userId = owner.id;
  const [creating, setCreating] = useState(false);
  const { data, loading, error, refetch } = useServicesOfOwnerQuery({
    variables: { userId },
    fetchPolicy: "cache-and-network",
  });
  const [editing, setEditing] = useState<ServiceFullFragment | null>(null);
  const [deleting, setDeleting] = useState<ServiceFullFragment | null>(null);
  const { remove, forget } = useDeleteSheet();
  const newService = useRef<HTMLButtonElement>(null);
  /** Set once a deletion is confirmed: the row that opened the dialog is going. */
  const deleted = useRef(false);

  // Spec §8: a failure to load is only logged.
  useEffect(() => {
    if (error) console.warn("Chargement des services impossible", error);
  }, [error]);

  const reload = () => void refetch().catch((failure) => console.warn("Chargement des services impossible", failure));
  const services = data?.servicesOfOwner ?? [];

  const create = (
    <>
      <Button ref={newService} colorPalette="brand" alignSelf="flex-start" onClick={() => setCreating(true)}>
        Nouveau service
      </Button>
      {creating && (
        <LazyPart fallback={FORM_LOADING}>
          <SheetFormDialog
            mode="create"
            owner={owner}
            onClose={() => {
              setCreating(false);
              reload();
            }}
          />
        </LazyPart>
      )}
    </>
  );

  // Spec §8 logs the failure; the page still says it failed, not that there is nothing.
  if (error && !data) return <ErrorState message="Vos services n'ont pas pu être chargés." onRetry={reload} />;
  const empty = !loading && services.length === 0;

  // One tree whatever the state: « Nouveau service » and its dialog keep their place (and stay
  // open) when the list finishes loading after a tap.
  return (
    <Stack gap="3">
      {empty && <Text color="gray.700">{NO_OWN_SHEET}</Text>}
      {create}
      {!empty && (
        <>
          <Table.ScrollArea
            role="region"
            aria-label="Mes services (défilement horizontal possible)"
            tabIndex={0}
            borderWidth="1px"
            borderRadius="md"
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.500", outlineOffset: "2px" }}
          >
            <Table.Root size="sm" aria-busy={loading} minW="900px">
              <Table.Header>
                <Table.Row>
                  {COLUMNS.map((title) => (
                    <Table.ColumnHeader key={title}>{title}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {services.length === 0
                  ? Array.from({ length: 2 }, (_, row) => (
                      <Table.Row key={row}>
                        {COLUMNS.map((title) => (
                          <Table.Cell key={title}>
                            <Skeleton height="4" />
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))
                  : services.map((service) => (
                      <Table.Row key={service.id}>
                        <Table.Cell>
                          <HStack gap="1">
                            <Button asChild size="xs" variant="outline" colorPalette="brand">
                              <Link
                                to={`/services/${service.id}`}
                                aria-label={`Voir le service ${service.serviceName}`}
                              >
                                Voir
                              </Link>
                            </Button>
                            {service.viewerCan.update && (
                              <Button
                                size="xs"
                                variant="outline"
                                colorPalette="brand"
                                aria-label={`Modifier le service ${service.serviceName}`}
                                onClick={() => setEditing(service)}
                              >
                                Modifier
                              </Button>
                            )}
                            {service.viewerCan.delete && (
                              <Button
                                size="xs"
                                variant="outline"
                                colorPalette="red"
                                aria-label={`Supprimer le service ${service.serviceName}`}
                                onClick={() => {
                                  deleted.current = false;
                                  setDeleting(service);
                                }}
                              >
                                Supprimer
                              </Button>
                            )}
                          </HStack>
                        </Table.Cell>
                        <Table.Cell fontWeight="medium">{service.serviceName}</Table.Cell>
                        <Table.Cell>
                          <ConfirmSheetButton service={service} />
                        </Table.Cell>
                        <Table.Cell>{service.serviceManager}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{service.phone}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{service.mobile ?? ""}</Table.Cell>
                        <Table.Cell>{service.fullAddress}</Table.Cell>
                      </Table.Row>
                    ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
      {editing && (
        <LazyPart fallback={FORM_LOADING}>
          <SheetFormDialog
            mode="edit"
            service={editing}
            onClose={() => {
              setEditing(null);
              reload();
            }}
          />
        </LazyPart>
      )}
      {/* Outside the table's branch: deleting the last sheet closes the dialog, never unmounts it
          while open (the focus then fell to the page's body before it could be given back). */}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Supprimer le service « ${deleting.serviceName} » ?` : ""}
        onConfirm={async () => {
          if (!deleting || !(await remove(deleting.id))) return;
          deleted.current = true;
          forget(deleting.id);
          // Its row, and the button that opened this dialog, are going: the focus goes on
          // from « Nouveau service » rather than the page's top. The dialog gives it there
          // itself (the row may still be on screen when it closes, and go a moment later).
          focusWhenLost(newService.current);
        }}
        finalFocusEl={() => (deleted.current ? newService.current : null)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
