import { Box, Image, Link, SimpleGrid, Text } from "@chakra-ui/react";

export interface GalleryFile {
  path: string;
  name: string;
  type: string;
}

/** Spec §5: pdf, png, jpg, jpeg and svg have previews; other types a generic icon. */
export function previewKind(file: GalleryFile): "image" | "pdf" | "generic" {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (
    ["image/png", "image/jpeg", "image/svg+xml"].includes(file.type) ||
    ["png", "jpg", "jpeg", "svg"].includes(extension)
  ) {
    return file.type.startsWith("image/") ? "image" : "generic";
  }
  if (file.type === "application/pdf" || extension === "pdf") return "pdf";
  return "generic";
}

function DocumentIcon({ label, color }: { label: string; color: string }) {
  return (
    <svg viewBox="0 0 48 60" width="48" height="60" aria-hidden="true">
      <path d="M4 2h28l12 12v44H4z" fill="#fff" stroke={color} strokeWidth="3" />
      <path d="M32 2v12h12" fill="none" stroke={color} strokeWidth="3" />
      <rect x="6" y="34" width="36" height="16" rx="2" fill={color} />
      <text
        x="24"
        y="46"
        fontSize="10"
        fontFamily="Arial, sans-serif"
        fill="#fff"
        textAnchor="middle"
        fontWeight="bold"
      >
        {label}
      </text>
    </svg>
  );
}

/** The attached files: 4 columns wide, 1 narrow; each opens or downloads the file. */
export function FileGallery({ files }: { files: GalleryFile[] }) {
  if (files.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="files-heading">
      <Text as="h2" id="files-heading" fontSize="lg" fontWeight="semibold" mb="3">
        Fichiers joints
      </Text>
      <SimpleGrid as="ul" columns={{ base: 1, md: 4 }} gap="4" listStyleType="none" m="0" p="0">
        {files.map((file) => {
          const kind = previewKind(file);
          return (
            <Box as="li" key={file.path} bg="white" borderWidth="1px" borderRadius="md" overflow="hidden">
              <Link href={file.path} download={file.name} display="block" _hover={{ bg: "brand.50" }} p="3">
                <Box
                  height="32"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  bg="gray.50"
                  borderRadius="sm"
                >
                  {kind === "image" ? (
                    <Image src={file.path} alt="" maxH="32" maxW="100%" objectFit="contain" />
                  ) : kind === "pdf" ? (
                    <DocumentIcon label="PDF" color="#b42318" />
                  ) : (
                    <DocumentIcon
                      label={file.name.split(".").pop()?.toUpperCase().slice(0, 4) ?? "DOC"}
                      color="#4a5568"
                    />
                  )}
                </Box>
                <Text mt="2" fontSize="sm" wordBreak="break-word">
                  {file.name}
                  <Text as="span" srOnly>
                    {" "}
                    (télécharger)
                  </Text>
                </Text>
              </Link>
            </Box>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
