// Every index with its state and configuration.
// No parameters. Returns: name, type, state, entityType, labelsOrTypes, properties, options.
SHOW INDEXES
YIELD name, type, state, entityType, labelsOrTypes, properties, options
RETURN name, type, state, entityType, labelsOrTypes, properties, options
