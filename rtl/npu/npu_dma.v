// npu_dma — the load and store engines and their round-robin share of the memory
// port. Read responses all belong to the load engine (the only reader).
`default_nettype none

module npu_dma #(
    parameter integer VLEN = 16,
    parameter integer ROWW = 11,
    parameter integer W    = VLEN * 16
) (
    input  wire            clk,
    input  wire            rst,
    // command from the core (at most one of ld/st per cycle; engine idle)
    input  wire            cmd_ld,
    input  wire            cmd_st,
    input  wire [31:0]     cmd_addr,
    input  wire [ROWW-1:0] cmd_vrow,
    input  wire [31:0]     cmd_nrows,
    input  wire [31:0]     cmd_stride,
    input  wire [15:0]     cmd_dlen,
    input  wire            cmd_to_m,    // the load fills the matrix SRAM (mld)
    // engine state for the core's interlocks
    output wire            ld_busy,
    output reg             ld_to_m,     // the active (or last) load targets the matrix SRAM
    output wire [ROWW-1:0] ld_lo,
    output wire            st_busy,
    output wire [ROWW-1:0] st_lo,
    // memory port
    output wire            mem_req_valid,
    input  wire            mem_req_ready,
    output wire            mem_req_write,
    output wire [31:0]     mem_req_addr,
    output wire [W-1:0]    mem_req_wdata,
    output wire [2*VLEN-1:0] mem_req_wstrb,
    input  wire            mem_resp_valid,
    input  wire [W-1:0]    mem_resp_rdata,
    // vector SRAM ports
    output wire            dw0_en,
    output wire [ROWW-1:0] dw0_row,
    output wire [VLEN-1:0] dw0_lanes,
    output wire [W-1:0]    dw0_data,
    output wire            dw1_en,
    output wire [ROWW-1:0] dw1_row,
    output wire [VLEN-1:0] dw1_lanes,
    output wire [W-1:0]    dw1_data,
    output wire [ROWW-1:0] dr0_row,
    input  wire [W-1:0]    dr0_data,
    output wire [ROWW-1:0] dr1_row,
    input  wire [W-1:0]    dr1_data
);
    wire        ld_req, st_req;
    wire [31:0] ld_addr, st_addr;
    reg         prefer_st;   // round robin: who wins the next conflict

    wire grant_st = st_req && (!ld_req || prefer_st);
    wire grant_ld = ld_req && !grant_st;
    wire accept   = mem_req_valid && mem_req_ready;

    always @(posedge clk) begin
        if (rst)
            ld_to_m <= 1'b0;
        else if (cmd_ld)
            ld_to_m <= cmd_to_m;
    end

    always @(posedge clk) begin
        if (rst)
            prefer_st <= 1'b0;
        else if (accept && ld_req && st_req)
            prefer_st <= !grant_st;
    end

    assign mem_req_valid = ld_req || st_req;
    assign mem_req_write = grant_st;
    assign mem_req_addr  = grant_st ? st_addr : ld_addr;

    npu_dma_load #(.VLEN(VLEN), .ROWW(ROWW)) u_load (
        .clk(clk), .rst(rst), .start(cmd_ld), .addr0(cmd_addr), .vrow0(cmd_vrow),
        .nrows(cmd_nrows), .stride(cmd_stride), .dlen(cmd_dlen),
        .req_valid(ld_req), .req_addr(ld_addr), .req_accept(accept && grant_ld),
        .resp_valid(mem_resp_valid), .resp_data(mem_resp_rdata),
        .w0_en(dw0_en), .w0_row(dw0_row), .w0_lanes(dw0_lanes), .w0_data(dw0_data),
        .w1_en(dw1_en), .w1_row(dw1_row), .w1_lanes(dw1_lanes), .w1_data(dw1_data),
        .busy(ld_busy), .busy_lo(ld_lo));

    npu_dma_store #(.VLEN(VLEN), .ROWW(ROWW)) u_store (
        .clk(clk), .rst(rst), .start(cmd_st), .addr0(cmd_addr), .vrow0(cmd_vrow),
        .nrows(cmd_nrows), .stride(cmd_stride), .dlen(cmd_dlen),
        .req_valid(st_req), .req_addr(st_addr), .req_data(mem_req_wdata),
        .req_strb(mem_req_wstrb), .req_accept(accept && grant_st),
        .r0_row(dr0_row), .r0_data(dr0_data), .r1_row(dr1_row), .r1_data(dr1_data),
        .busy(st_busy), .busy_lo(st_lo));
endmodule

`default_nettype wire
