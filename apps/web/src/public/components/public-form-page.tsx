import { Button, Card, Grid, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HoneypotField } from './honeypot-field';
import { PageHero, Section } from './page-hero';
import { FormSent } from './public-form';

type PersonField = 'firstName' | 'lastName' | 'email' | 'phone' | 'website';

type PublicFormPageProps = {
  /** The page's texts in the company namespace: title, subtitle, formTitle, sentTitle, sentMessage, fields, submit. */
  page: 'contact' | 'demo';
  /** From usePublicForm. */
  form: {
    field: (name: PersonField) => { name: string; value: string; onChange: (...args: never[]) => unknown };
    handleSubmit: FormEventHandler<HTMLFormElement>;
    isSubmitting: boolean;
    isSent: boolean;
  };
  submitSize?: 'md';
  /** The page's own fields, after the sender's name, e-mail and phone. */
  children: ReactNode;
  /** The column beside the form. */
  aside: ReactNode;
};

/** A public page around one form (contact, demo): hero, the form with the sender's details, and a side column. */
export function PublicFormPage({ page, form, submitSize, children, aside }: PublicFormPageProps) {
  const { t } = useTranslation(['company', 'public']);
  const { field } = form;
  return (
    <>
      <PageHero title={t(`${page}.title`)} subtitle={t(`${page}.subtitle`)} />
      <Section>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h3" mb="xs">
                {t(`${page}.formTitle`)}
              </Title>
              <Text fz="sm" c="dark.6" mb="md">
                {t('public:forms.required')}
              </Text>
              {form.isSent ? (
                <FormSent title={t(`${page}.sentTitle`)} message={t(`${page}.sentMessage`)} />
              ) : (
                <form onSubmit={form.handleSubmit} style={{ position: 'relative' }}>
                  <Stack gap="md">
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        {...field('firstName')}
                        label={t(`${page}.fields.firstName`)}
                        required
                        autoComplete="given-name"
                      />
                      <TextInput
                        {...field('lastName')}
                        label={t(`${page}.fields.lastName`)}
                        required
                        autoComplete="family-name"
                      />
                      <TextInput
                        {...field('email')}
                        type="email"
                        label={t(`${page}.fields.email`)}
                        required
                        autoComplete="email"
                      />
                      <TextInput
                        {...field('phone')}
                        type="tel"
                        label={t(`${page}.fields.phone`)}
                        autoComplete="tel"
                      />
                    </SimpleGrid>
                    {children}
                    <HoneypotField {...field('website')} />
                    <Button type="submit" loading={form.isSubmitting} size={submitSize}>
                      {t(`${page}.submit`)}
                    </Button>
                  </Stack>
                </form>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{aside}</Grid.Col>
        </Grid>
      </Section>
    </>
  );
}
