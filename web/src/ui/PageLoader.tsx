import { Center, Spinner } from "@chakra-ui/react";

export function PageLoader() {
  return (
    <Center py="16" role="status" aria-label="Chargement en cours">
      <Spinner size="lg" color="brand.600" />
    </Center>
  );
}
