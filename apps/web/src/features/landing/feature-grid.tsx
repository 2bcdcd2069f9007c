import { Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import classes from './landing.module.css';
import { features } from './landing-content';

export function FeatureGrid() {
  return (
    <section className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <div className={classes.sectionIntro}>
          <Title id="features-title" order={2} className={classes.sectionTitle}>
            Everything you need, from unit to sign-off
          </Title>
          <Text c="dimmed" size="lg" mt="sm">
            One place for students, assessors and RTO administrators to gather, review and track evidence.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {features.map((feature) => (
            <Paper key={feature.title} withBorder radius="lg" p="lg" className={classes.featureCard}>
              <ThemeIcon size={44} radius="md" variant="light">
                <feature.icon size={24} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {feature.title}
              </Title>
              <Text size="sm" c="dimmed" mt={6} lh={1.6}>
                {feature.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
