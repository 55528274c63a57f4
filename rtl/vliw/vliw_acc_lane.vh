// vliw_acc_lane.vh — the operation codes of vliw_acc_lane (included inside
// the modules that use them).
localparam [2:0] VLIW_ACC_ADD = 3'd0, VLIW_ACC_SUB = 3'd1, VLIW_ACC_MUL = 3'd2,
                 VLIW_ACC_MAX = 3'd3, VLIW_ACC_MIN = 3'd4, VLIW_ACC_LT  = 3'd5;
