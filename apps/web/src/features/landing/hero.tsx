import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlugConnected } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './landing.module.css';
import { ProductPreview } from './product-preview';

export function Hero({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} className={classes.heroGrid}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" radius="xl" className={classes.eyebrow}>
              Built for Australian RTOs
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              Workplace evidence, <span className={classes.highlight}>collected and assessed</span> in one
              place
            </Title>
            <Text size="lg" c="dimmed" className={classes.heroText}>
              Evident turns any unit of competency into clear workplace tasks. Students capture evidence on
              the job from their phone, assessors grade it in bulk, and everyone sees progress as it happens.
            </Text>
            <Group gap="sm" className={classes.heroActions}>
              <Button
                size="lg"
                onClick={onGetStarted}
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Get Started Free
              </Button>
              <Button
                size="lg"
                variant="default"
                component={Link}
                to="/lti-config"
                leftSection={<IconPlugConnected size={18} aria-hidden />}
              >
                LMS Integration
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Free to start · Works on any phone · LTI 1.3 ready
            </Text>
          </Stack>
          <ProductPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
