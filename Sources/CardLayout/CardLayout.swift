// Module CardLayout.
