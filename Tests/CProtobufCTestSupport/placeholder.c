int cprotobufc_placeholder(void){return 0;}
