import { Button, Container, Paper, Text, Title } from '@mantine/core';
import classes from './landing.module.css';

export function CallToAction({ onCreateAccount }: { onCreateAccount: () => void }) {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <Container size="md">
        <Paper radius="xl" p={{ base: 'xl', sm: 48 }} className={classes.cta}>
          <Title id="cta-title" order={2} className={classes.ctaTitle}>
            Ready to start gathering evidence?
          </Title>
          <Text size="lg" mt="sm" className={classes.ctaText}>
            Create a free account as a student or an assessor in under a minute.
          </Text>
          <Button size="lg" mt="xl" variant="white" color="dark" onClick={onCreateAccount}>
            Create Free Account
          </Button>
        </Paper>
      </Container>
    </section>
  );
}
