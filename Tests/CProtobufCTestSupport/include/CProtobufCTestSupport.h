int cprotobufc_placeholder(void);
