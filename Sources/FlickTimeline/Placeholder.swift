enum TimelinePlaceholder {}
