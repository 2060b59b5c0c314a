"""Properties and table analysis for A World at War rule 58."""
