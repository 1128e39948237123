import {
  Button,
  Card,
  Group,
  Image,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconZoomIn } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactIf, siteContacts } from '../lib/site-settings';
import { PageHero, Section } from './components/page-hero';
import { translatedList } from './components/translated-list';
import { usePageMeta } from './components/use-page-meta';
import { type GalleryImage, galleryImages } from './marketing-gallery.data';

const fileName = (image: GalleryImage) => image.file.split('/').pop() ?? image.file;

/** /marketing-gallery: our own images, viewable full size and downloadable, with usage guidelines. */
export function MarketingGalleryPage() {
  const { t } = useTranslation(['tools', 'public', 'common']);
  usePageMeta(t('public:meta.marketingGallery.title'), t('public:meta.marketingGallery.description'));
  const [viewing, setViewing] = useState<GalleryImage | null>(null);
  const guidelines = translatedList(t('gallery.guidelines.items', { returnObjects: true }));
  const helloEmail = siteContacts().hello;
  return (
    <>
      <PageHero title={t('gallery.title')} subtitle={t('gallery.subtitle')} />
      <Section>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {galleryImages.map((image) => (
            <Card key={image.id} withBorder radius="md" padding="md" component="figure" m={0}>
              <Card.Section>
                <UnstyledButton
                  onClick={() => setViewing(image)}
                  aria-label={t('gallery.view', { name: t(`gallery.images.${image.id}.title`) })}
                  style={{ display: 'block', width: '100%' }}
                >
                  <Image
                    src={image.file}
                    alt={t(`gallery.images.${image.id}.alt`)}
                    width={image.width}
                    height={image.height}
                    h={180}
                    fit="contain"
                    bg="gray.0"
                    loading="lazy"
                  />
                </UnstyledButton>
              </Card.Section>
              <Stack gap={4} mt="sm" component="figcaption">
                <Text fw={700}>{t(`gallery.images.${image.id}.title`)}</Text>
                <Text fz="sm" c="dark.6">
                  {t(`gallery.images.${image.id}.description`)}
                </Text>
                <Text fz="xs" c="dark.6">
                  {t('gallery.format', { width: image.width, height: image.height })}
                </Text>
              </Stack>
              <Group gap="xs" mt="sm">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconZoomIn size={14} aria-hidden="true" />}
                  onClick={() => setViewing(image)}
                  aria-label={t('gallery.view', { name: t(`gallery.images.${image.id}.title`) })}
                >
                  {t('gallery.viewShort')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  component="a"
                  href={image.file}
                  download={fileName(image)}
                  leftSection={<IconDownload size={14} aria-hidden="true" />}
                  aria-label={t('gallery.download', { name: t(`gallery.images.${image.id}.title`) })}
                >
                  {t('gallery.downloadShort')}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('gallery.guidelines.title')} tinted size="md">
        <List spacing="xs">
          {guidelines.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
          {helloEmail && (
            <List.Item {...contactIf('hello')}>
              {t('gallery.guidelines.contact', { email: helloEmail })}
            </List.Item>
          )}
        </List>
      </Section>
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t(`gallery.images.${viewing.id}.title`) : ''}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {viewing && (
          <Stack>
            <Image
              src={viewing.file}
              alt={t(`gallery.images.${viewing.id}.alt`)}
              width={viewing.width}
              height={viewing.height}
            />
            <Button
              component="a"
              href={viewing.file}
              download={fileName(viewing)}
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('gallery.download', { name: t(`gallery.images.${viewing.id}.title`) })}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
