import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import classes from './landing.module.css';
import { steps } from './landing-content';

export function HowItWorks() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="how-title">
      <Container size="lg">
        <div className={classes.sectionIntro}>
          <Title id="how-title" order={2} className={classes.sectionTitle}>
            How it works
          </Title>
          <Text c="dimmed" size="lg" mt="sm">
            From unit code to assessed evidence in three steps.
          </Text>
        </div>
        <SimpleGrid component="ol" cols={{ base: 1, md: 3 }} spacing="xl" className={classes.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} fz="lg" mt="md">
                {step.title}
              </Title>
              <Text size="sm" c="dimmed" mt={6} lh={1.6}>
                {step.text}
              </Text>
            </li>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
